import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refetchAfterChange } from "./refetch-after-change";

/** A first load answered before a change, still in flight when the change is announced. */
function raceSetup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: ((value: string) => void)[] = [];
  const queryKey = ["requests"];
  const observer = new QueryObserver<string>(queryClient, {
    queryKey,
    queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
  });
  const stop = observer.subscribe(() => undefined);
  return { queryClient, answers, queryKey, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("refetchAfterChange", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("does not let a first load from before the change stand", async () => {
    const { queryClient, answers, queryKey, stop } = raceSetup();
    cleanups.push(stop, () => queryClient.clear());
    await settle();
    expect(answers).toHaveLength(1);

    const refetched = refetchAfterChange(queryClient, queryKey);
    await settle();
    answers[0]?.("before the change");
    await settle();
    answers[1]?.("after the change");
    await refetched;
    expect(queryClient.getQueryData(queryKey)).toBe("after the change");
  });

  it("is needed: an invalidation alone keeps the first load's answer", async () => {
    const { queryClient, answers, queryKey, stop } = raceSetup();
    cleanups.push(stop, () => queryClient.clear());
    await settle();

    const invalidated = queryClient.invalidateQueries({ queryKey });
    answers[0]?.("before the change");
    await invalidated;
    expect(answers).toHaveLength(1);
    expect(queryClient.getQueryData(queryKey)).toBe("before the change");
  });
});
