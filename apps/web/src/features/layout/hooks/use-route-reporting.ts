import { useLocation } from "react-router";
import { useReportedPath } from "./use-reported-path";

/** Connects the socket on load and reports every route change to the socket and to analytics. */
export function useRouteReporting(): void {
  useReportedPath(useLocation().pathname);
}
