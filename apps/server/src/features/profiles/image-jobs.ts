import { UPLOAD_SERVER_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { WorkQueue, type WorkQueueOptions } from "../../lib/work-queue";
import { IMAGE_CLASSIFIER_THREADS } from "../automod/index";

/**
 * Image work (decoding, resizing, re-encoding, AutoMod's screening) is the costliest thing a request
 * can ask for, and sharp runs it on libuv's thread pool, the four threads that also serve every file
 * read (static pages, /uploads) and DNS lookups. One queue per app runs it (issue #33, ADR 0016): as
 * many jobs at once as AutoMod has classifier threads (one on two cores), so image work holds at most
 * that many of the pool's threads and cores; a few more wait; the rest are refused with `busy` (503),
 * and so is a job that waited for the upload timeout (spec §9: 15 s) without its turn.
 */
export type ImageJobs = WorkQueue;

export const IMAGE_JOB_CONCURRENCY = IMAGE_CLASSIFIER_THREADS;
export const IMAGE_JOBS_WAITING = 8;
export const IMAGE_JOB_WAIT_MS = 15_000;

/** What a test may change: the waiting room's size and how long a job may wait. */
export type ImageJobsOptions = Pick<WorkQueueOptions, "maxWaiting" | "waitTimeoutMs">;

export function createImageJobs(options: ImageJobsOptions = {}): ImageJobs {
  return new WorkQueue({
    concurrency: IMAGE_JOB_CONCURRENCY,
    maxWaiting: IMAGE_JOBS_WAITING,
    waitTimeoutMs: IMAGE_JOB_WAIT_MS,
    busy: () => new AppError("busy", UPLOAD_SERVER_MESSAGES.imagesBusy),
    ...options,
  });
}
