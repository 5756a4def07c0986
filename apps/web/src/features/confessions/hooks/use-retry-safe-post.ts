import type { UseMutationResult } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { ZodSafeParseResult } from "zod";

export interface RetrySafePostOptions<TInput> {
  /** The caller's schema over the input with this attempt's id. */
  parse: (id: string) => ZodSafeParseResult<TInput>;
  post: UseMutationResult<unknown, Error, TInput>;
  /** After the server has it: clear the form. */
  onPosted: () => void;
}

/**
 * Sending a post or a comment: the uuid is chosen here and kept until the server has it, so a retry
 * after a lost answer lands on the same row instead of posting twice (ARCHITECTURE §5). The schema's
 * first message or the server's text is the error shown inline.
 */
export function useRetrySafePost<TInput>({ parse, post, onPosted }: RetrySafePostOptions<TInput>) {
  const [error, setError] = useState<string | null>(null);
  const idRef = useRef<string>(crypto.randomUUID());

  const send = () => {
    const parsed = parse(idRef.current);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please check what you wrote.");
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        idRef.current = crypto.randomUUID();
        onPosted();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return { send, error, isPending: post.isPending };
}
