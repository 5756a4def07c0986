import { TOAST_DEFAULT_POSITION } from "@heartline/shared";
import { Toaster } from "react-hot-toast";
import { TOAST_OPTIONS } from "../app/toast-options";
import { useRouteReporting } from "../features/layout";
import { DocumentRouter } from "./document-router";

function RouteReports() {
  useRouteReporting();
  return null;
}

/**
 * What a public page runs besides its islands (issue #36), once the browser is idle: the socket's
 * connection and route reports and the analytics page view (as the app's root layout does), and the
 * toasts' host.
 */
export function PageServices() {
  return (
    <>
      <DocumentRouter>
        <RouteReports />
      </DocumentRouter>
      <Toaster position={TOAST_DEFAULT_POSITION} toastOptions={TOAST_OPTIONS} />
    </>
  );
}
