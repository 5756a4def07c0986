import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { AppNavigateContext } from "./app-navigate";

/** Inside the app's router: `useAppNavigate()` below this navigates client-side. */
export function AppNavigateFromRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <AppNavigateContext value={navigate}>{children}</AppNavigateContext>;
}
