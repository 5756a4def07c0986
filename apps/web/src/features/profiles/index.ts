/** The profiles feature's public entry; the dashboard page loads lazily through the router. */
export { profileKeys } from "./api/profile-keys";
