import { Flag } from "lucide-react";
import { useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useCanReportLastPartner } from "../hooks/use-can-report-last-partner";
import type { RandomChatActions } from "../state/random-chat-actions";
import { useRandomChatStore } from "../state/random-chat-store";
import { ReportPartnerDialog } from "./report-partner-dialog";

export interface ReportLastPartnerProps {
  onReport: RandomChatActions["report"];
  className?: string;
}

/**
 * "Report last partner" once the chat is over (issue 14): on the ended screen and while searching
 * again, for the report window; the server keeps the pair's snapshot exactly as long.
 */
export function ReportLastPartner({ onReport, className }: ReportLastPartnerProps) {
  const canReport = useCanReportLastPartner();
  const [isOpen, setIsOpen] = useState(false);
  const dispatch = useRandomChatStore((state) => state.dispatch);
  const t = useT();
  if (!canReport) return null;
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setIsOpen(true)}>
        <Flag aria-hidden="true" className="size-4" />
        {t("chat.reportLast")}
      </Button>
      <ReportPartnerDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        onReport={onReport}
        onReported={() => dispatch({ type: "REPORTED" })}
      />
    </>
  );
}
