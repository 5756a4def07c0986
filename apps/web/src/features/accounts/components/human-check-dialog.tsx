import { useT } from "../../../lib/i18n/use-t";
import { HumanCheckStep } from "../human-check/human-check-step";
import type { useHumanGate } from "../human-check/use-human-check";
import { AuthDialog } from "./auth-dialog";

/** spec §4: the human-check step that replaces the guest, sign-in and sign-up form while it runs. */
export function HumanCheckDialog({ gate }: { gate: Pick<ReturnType<typeof useHumanGate>, "back"> }) {
  const t = useT();
  return (
    <AuthDialog title={t("accounts.humanCheck.title")} description={t("accounts.humanCheck.description")}>
      <HumanCheckStep onBack={gate.back} />
    </AuthDialog>
  );
}
