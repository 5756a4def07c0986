import type { DirectMessageStatus } from "@heartline/shared";
import { Check, CheckCheck } from "lucide-react";

const LABEL: Record<DirectMessageStatus, string> = { sent: "Sent", delivered: "Delivered", read: "Read" };

/** The ticks on my messages: sent ✓, delivered ✓✓, read ✓✓ coloured. */
export function MessageTicks({ status }: { status: DirectMessageStatus }) {
  const Icon = status === "sent" ? Check : CheckCheck;
  return (
    <span
      role="img"
      aria-label={LABEL[status]}
      data-testid="dm-ticks"
      data-status={status}
      className="inline-flex"
    >
      <Icon
        aria-hidden="true"
        className={`size-3.5 ${status === "read" ? "text-sky-300" : "text-white/75"}`}
        strokeWidth={2.5}
      />
    </span>
  );
}
