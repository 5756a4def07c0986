import { TOAST_DEFAULT_POSITION } from "@heartline/shared";
import { Toaster } from "react-hot-toast";
import { TOAST_OPTIONS, TOASTER_CONTAINER_STYLE } from "../app/toast-options";
import { useReportedPath } from "../features/layout";

/** A public page is one address: going elsewhere is a page load, which reports itself. */
function RouteReports() {
  useReportedPath(window.location.pathname);
  return null;
}

/**
 * What a public page runs besides its islands (issue #36), once the browser is idle: the socket's
 * connection and route reports and the analytics page view (as the app's root layout does, without
 * its router), and the toasts' host.
 */
export function PageServices() {
  return (
    <>
      <RouteReports />
      <Toaster
        position={TOAST_DEFAULT_POSITION}
        toastOptions={TOAST_OPTIONS}
        containerStyle={TOASTER_CONTAINER_STYLE}
      />
    </>
  );
}
