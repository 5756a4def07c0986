import type { DirectMessageStatus } from "@heartline/shared";
import { Check, CheckCheck } from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";

const LABEL: Record<DirectMessageStatus, MessageId> = {
  sent: "dm.ticks.sent",
  delivered: "dm.ticks.delivered",
  read: "dm.ticks.read",
};

/** The ticks on my messages: sent ✓, delivered ✓✓, read ✓✓ coloured. */
export function MessageTicks({ status }: { status: DirectMessageStatus }) {
  const Icon = status === "sent" ? Check : CheckCheck;
  const t = useT();
  return (
    <span
      role="img"
      aria-label={t(LABEL[status])}
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
