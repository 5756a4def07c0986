import { HumanCheckStep } from "../human-check/human-check-step";
import type { useHumanGate } from "../human-check/use-human-check";
import { AuthDialog } from "./auth-dialog";
import { HUMAN_CHECK_DESCRIPTION, HUMAN_CHECK_TITLE } from "./titles";

/** spec §4: the human-check step that replaces the guest, sign-in and sign-up form while it runs. */
export function HumanCheckDialog({ gate }: { gate: Pick<ReturnType<typeof useHumanGate>, "back"> }) {
  return (
    <AuthDialog title={HUMAN_CHECK_TITLE} description={HUMAN_CHECK_DESCRIPTION}>
      <HumanCheckStep onBack={gate.back} />
    </AuthDialog>
  );
}
