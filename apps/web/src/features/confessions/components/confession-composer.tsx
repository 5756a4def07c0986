import {
  CONFESSION_CONTENT_WARNING_MAX_LENGTH,
  CONFESSION_MAX_LENGTH,
  createConfessionSchema,
} from "@heartline/shared";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/button";
import { usePostConfession } from "../api/use-post-confession";
import { useRetrySafePost } from "../hooks/use-retry-safe-post";
import { CountedTextarea } from "./counted-textarea";

/** Posting a confession: 1–1,000 characters and an optional content warning (retry-safe id). */
export interface ConfessionComposerProps {
  /** After the server has the post (the wall shows the newest first then). */
  onPosted?: () => void;
}

export function ConfessionComposer({ onPosted }: ConfessionComposerProps) {
  const [content, setContent] = useState("");
  const [warning, setWarning] = useState("");
  const [hasWarning, setHasWarning] = useState(false);
  const { send, error, isPending } = useRetrySafePost({
    parse: (id) =>
      createConfessionSchema.safeParse({
        id,
        content,
        contentWarning: hasWarning && warning.trim() ? warning : null,
      }),
    post: usePostConfession(),
    onPosted: () => {
      setContent("");
      setWarning("");
      setHasWarning(false);
      onPosted?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form aria-label="Post a confession" onSubmit={submit} className="space-y-3">
      <CountedTextarea
        id="confession-text"
        label="Your confession"
        isLabelHidden
        value={content}
        onChange={setContent}
        maxLength={CONFESSION_MAX_LENGTH}
        placeholder="Say what you've never said out loud. Nobody will know it was you."
        rows={3}
        errorId={error ? "confession-error" : undefined}
      />
      {hasWarning ? (
        <div>
          <label htmlFor="confession-warning" className="text-sm font-semibold">
            Content warning
          </label>
          <input
            id="confession-warning"
            value={warning}
            maxLength={CONFESSION_CONTENT_WARNING_MAX_LENGTH}
            onChange={(event) => setWarning(event.target.value)}
            placeholder="e.g. grief, self-harm, spoilers"
            className="mt-1 block h-10 w-full rounded-xl border border-zinc-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
        </div>
      ) : null}
      {error ? (
        <p id="confession-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setHasWarning((isOn) => !isOn)}>
          <TriangleAlert aria-hidden="true" className="size-4" />
          {hasWarning ? "Remove content warning" : "Add content warning"}
        </Button>
        <Button type="submit" disabled={isPending || content.trim().length === 0}>
          {isPending ? "Posting…" : "Post"}
        </Button>
      </div>
    </form>
  );
}
