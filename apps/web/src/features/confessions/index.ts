/**
 * The confession wall's public entry: what the admin area needs to show confession reports. The wall
 * itself loads lazily through the router. Re-exports only (vite marks feature entries side-effect free).
 */
export { ConfessionReportDetails } from "./components/confession-report-details";
