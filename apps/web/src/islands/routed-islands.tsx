import { AuthModals } from "../features/accounts";
import { DocumentRouter } from "./document-router";

/** The account modals as a public page's island: they read and tidy the address (reset links). */
export function RoutedAuthModals() {
  return (
    <DocumentRouter>
      <AuthModals />
    </DocumentRouter>
  );
}
