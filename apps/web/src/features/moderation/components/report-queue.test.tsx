import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AdminReportRecord,
  type AdminReportTarget,
  type AdminReportTargetPage,
  AUTOMOD_FLAG_REASON,
} from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useOpenReportTargets } from "../api/report-targets";
import { ReportQueue } from "./report-queue";

let api: Server | undefined;
const seen: string[] = [];

afterEach(async () => {
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  api = undefined;
  seen.length = 0;
});

function report(targetId: string, id: string, reason: string, createdAt: number): AdminReportRecord {
  return {
    id,
    reporterId: `reporter-${id}`,
    reporterUsername: `Reporter_${id}`,
    reporterAccount: "registered",
    targetId,
    targetUsername: `User_${targetId}`,
    targetAccount: "registered",
    context: "group",
    reason,
    details: null,
    messageId: null,
    snapshot: [
      { id: `m-${id}`, content: `said ${id}`, senderId: targetId, timestamp: createdAt, type: "text" },
    ],
    status: "open",
    createdAt,
  };
}

function target(targetId: string, reports: AdminReportRecord[], count: number): AdminReportTarget {
  const [newest] = reports;
  return {
    targetId,
    targetUsername: `User_${targetId}`,
    targetAccount: "registered",
    count,
    automaticHits: 0,
    priority: false,
    newestAt: newest?.createdAt ?? 0,
    newestReason: newest?.reason ?? "",
    reports,
  };
}

/** A real HTTP API with two pages of the grouped queue, keyed by the cursor it is sent. */
async function startApi(): Promise<string> {
  const pages: Record<string, AdminReportTargetPage> = {
    first: {
      targets: [target("a", [report("a", "1", "spam", 3_000), report("a", "2", "harassment", 2_000)], 7)],
      nextCursor: "cursor-1",
    },
    "cursor-1": { targets: [target("b", [report("b", "3", "other", 1_000)], 1)], nextCursor: null },
  };
  api = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== "/api/admin/reports/targets") return void response.writeHead(404).end();
    const cursor = url.searchParams.get("cursor");
    seen.push(`${url.searchParams.get("status")}:${cursor ?? ""}`);
    response
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify(pages[cursor ?? "first"]));
  });
  await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}

function Queue({ baseUrl }: { baseUrl: string }) {
  const reports = useOpenReportTargets({ baseUrl });
  return (
    <ReportQueue
      targets={reports.targets}
      error={null}
      busyId={null}
      hasMore={reports.hasNextPage}
      isLoadingMore={reports.isFetchingNextPage}
      onLoadMore={() => void reports.fetchNextPage()}
      onDismiss={() => undefined}
      onAct={() => undefined}
    />
  );
}

function renderQueue(baseUrl: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(<Queue baseUrl={baseUrl} />, { wrapper });
}

/** The queue with these rows and no paging; answers the `id:action` of every action taken. */
function renderEntries(targets: AdminReportTarget[]): string[] {
  const acted: string[] = [];
  render(
    <ReportQueue
      targets={targets}
      error={null}
      busyId={null}
      hasMore={false}
      isLoadingMore={false}
      onLoadMore={() => undefined}
      onDismiss={() => undefined}
      onAct={(actedOn, action) => acted.push(`${actedOn.id}:${action}`)}
    />,
  );
  return acted;
}

describe("the admin report queue, grouped by reported user (spec §6)", () => {
  it("shows one row per user with the count, the newest reason and each report's snapshot", async () => {
    renderQueue(await startApi());
    const [row] = await screen.findAllByTestId("report");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("User_a")).toBeTruthy();
    expect(within(row).getByText(/7 reports/)).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Ban User_a" })).toBeTruthy();
    expect(within(row).getAllByText(/reported by Reporter_/)).toHaveLength(2);
    expect(within(row).getAllByText(/Snapshot \(1 message\)/)).toHaveLength(2);
  });

  it("shows a confession report's text, keeps its author anonymous until asked, and removes it from the wall through the report's action", async () => {
    const confessionReport: AdminReportRecord = {
      ...report("c", "9", "hate", 5_000),
      context: "confession",
      messageId: "m-9",
    };
    const acted = renderEntries([target("c", [confessionReport], 1)]);
    expect(screen.getByText("said 9")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete message" })).toBeNull();
    expect(screen.getByText("Anonymous author")).toBeTruthy();
    expect(screen.queryByText("User_c")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show author" }));
    expect(screen.getByRole("button", { name: "Ban User_c" })).toBeTruthy();
    expect(screen.getByText(/Written by/).textContent).toContain("User_c");
    await userEvent.click(screen.getByRole("button", { name: "Remove from wall" }));
    expect(acted).toEqual(["9:delete-message"]);
  });

  it("offers 'Allow image' on AutoMod's flag of a blurred DM image only (issue #15)", async () => {
    const base = report("d", "7", AUTOMOD_FLAG_REASON, 6_000);
    const imageFlag: AdminReportRecord = {
      ...base,
      context: "dm",
      messageId: "m-7",
      snapshot: [{ id: "m-7", content: "/uploads/x.jpg", senderId: "d", timestamp: 6_000, type: "image" }],
    };
    const textFlag: AdminReportRecord = { ...base, id: "8", context: "dm", messageId: "m-8" };
    const acted = renderEntries([target("d", [imageFlag, textFlag], 2)]);
    const allow = screen.getAllByRole("button", { name: "Allow image" });
    expect(allow).toHaveLength(1);
    await userEvent.click(allow[0] as HTMLElement);
    expect(acted).toEqual(["7:allow-image"]);
  });

  it("marks a user with repeated AutoMod hits as priority, and no one else (issue #15)", () => {
    const flags = [
      report("e", "10", AUTOMOD_FLAG_REASON, 7_000),
      report("e", "11", AUTOMOD_FLAG_REASON, 6_500),
    ];
    renderEntries([
      { ...target("e", flags, 2), automaticHits: 2, priority: true },
      target("f", [report("f", "12", "spam", 8_000)], 1),
    ]);
    const [first, second] = screen.getAllByTestId("report");
    expect(within(first as HTMLElement).getByTestId("report-priority").textContent).toBe(
      "Priority: repeated AutoMod hits (2 automatic)",
    );
    expect(within(second as HTMLElement).queryByTestId("report-priority")).toBeNull();
  });

  it("loads the next page with the server's cursor on 'Load more', and stops at the last page", async () => {
    renderQueue(await startApi());
    await screen.findByText("User_a");
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("User_b");
    expect(screen.getAllByTestId("report")).toHaveLength(2);
    expect(seen).toEqual(["open:", "open:cursor-1"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
