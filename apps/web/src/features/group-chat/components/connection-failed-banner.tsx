import { WifiOff } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { type AppSocket, connectSocket } from "../../../lib/socket";
import { Button } from "../../../ui/button";
import { useGroupConnectionStore } from "../state/connection-store";

/** spec §4 Socket: after 5 failed reconnections the group chat says so and offers another try. */
export function ConnectionFailedBanner({ socket }: { socket: AppSocket | null }) {
  const hasFailed = useGroupConnectionStore((state) => state.hasFailed);
  const t = useT();
  if (!hasFailed) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">{t("group.connectionLost")}</span>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          useGroupConnectionStore.getState().setFailed(false);
          if (socket) connectSocket(socket);
        }}
      >
        {t("group.tryAgain")}
      </Button>
    </div>
  );
}
