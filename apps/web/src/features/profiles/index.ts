/** The profiles feature's public entry; the dashboard page loads lazily through the router. */
export { profileKeys } from "./api/profile-keys";
export { useProfile } from "./api/use-profile";
export { UserBanner } from "./components/user-banner";
