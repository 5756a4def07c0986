import type { ReactNode } from "react";
import { useSocketStatus } from "../../../lib/socket";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { useOnlineCount, useOnlineList } from "../../presence";
import { useOnlineMappingCheck } from "../hooks/use-online-mapping-check";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-zinc-100 py-2 last:border-0 dark:border-zinc-800">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-right font-mono text-sm break-all text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "—" : value;

/** /debug (spec §2): a read-only view of the realtime connection and presence, for support. */
export function DebugPage() {
  useDocumentTitle("Debug");
  const status = useSocketStatus();
  const { displayed, real } = useOnlineCount();
  const onlineIds = useOnlineList();
  const report = useOnlineMappingCheck(onlineIds);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">Debug</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Read-only diagnostics of this tab's connection. Nothing here changes anything.
      </p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card as="section" aria-labelledby="debug-socket">
          <h2 id="debug-socket" className="text-lg font-semibold">
            Socket
          </h2>
          <dl className="mt-3" data-testid="debug-socket">
            <Row term="State">
              <span
                className={
                  status.isConnected
                    ? "text-emerald-700 dark:text-emerald-400"
                    : "text-rose-600 dark:text-rose-400"
                }
              >
                {status.isConnected ? "Connected" : "Disconnected"}
              </span>
            </Row>
            <Row term="Socket id">{dash(status.socketId)}</Row>
            <Row term="Transport">{dash(status.transport)}</Row>
            <Row term="Last ping round-trip">
              {status.lastPingMs === null ? "—" : `${status.lastPingMs} ms`}
            </Row>
            <Row term="Reconnect attempts">{status.reconnectAttempts}</Row>
            <Row term="Last error">{dash(status.lastError)}</Row>
          </dl>
        </Card>

        <Card as="section" aria-labelledby="debug-presence">
          <h2 id="debug-presence" className="text-lg font-semibold">
            Presence
          </h2>
          <dl className="mt-3" data-testid="debug-presence">
            <Row term="Real online count">{dash(real)}</Row>
            <Row term="Shown in header">{displayed.toLocaleString("en-US")}</Row>
            <Row term="Online list entries">{onlineIds.length}</Row>
          </dl>
        </Card>
      </div>

      <Card as="section" aria-labelledby="debug-mapping" className="mt-6">
        <h2 id="debug-mapping" className="text-lg font-semibold">
          Online mapping check
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Every 10 seconds each id in the online list is checked: it must be a non-empty string, and the debug
          check expects more than 10 characters.
        </p>
        <dl className="mt-3" data-testid="debug-mapping">
          <Row term="Last checked">{new Date(report.checkedAt).toLocaleTimeString("en-US")}</Row>
          <Row term="Ids checked">{report.total}</Row>
          <Row term="Valid ids">{report.valid}</Row>
          <Row term="Longer than 10 characters">{report.passingDebugCheck}</Row>
          <Row term="Failing ids">
            {report.failing.length === 0 ? "none" : report.failing.map(String).join(", ")}
          </Row>
        </dl>
      </Card>
    </div>
  );
}
