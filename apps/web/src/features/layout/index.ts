/** The layout feature's public entry: the app shell around every route and the start-up screen. */
export { LoadingScreen } from "./components/loading-screen";
export { RootLayout } from "./components/root-layout";
export { RouteError } from "./components/route-error";
export { TopBarControls } from "./components/top-bar-controls";
export { useReportedPath } from "./hooks/use-reported-path";
export { useRouteReporting } from "./hooks/use-route-reporting";
export { useStartupScreen } from "./hooks/use-startup-screen";
