import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";

/**
 * Deleting behind a confirmation: `ask` opens the dialog for one item, and `dialog` holds what
 * `ConfirmDialog` needs (busy while deleting, the server's text on a refusal, closed once deleted).
 */
export function useConfirmedDelete<T extends { id: string }>(
  remove: UseMutationResult<unknown, Error, string>,
) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    ask: (item: T) => setTarget(item),
    dialog: {
      open: target !== null,
      isBusy: remove.isPending,
      error: remove.error?.message ?? null,
      onCancel: () => {
        setTarget(null);
        remove.reset();
      },
      onConfirm: () => {
        if (target) remove.mutate(target.id, { onSuccess: () => setTarget(null) });
      },
    },
  };
}
