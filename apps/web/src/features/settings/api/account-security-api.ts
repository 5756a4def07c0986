import { ACCOUNT_PATHS, type ChangePasswordInput } from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** POST /api/accounts/change-password; a wrong current password comes back as the server's message. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest<{ ok: true }>(ACCOUNT_PATHS.changePassword, { method: "POST", json: input });
}

/** DELETE /api/users/me (spec §4 account deletion). */
export async function deleteMyAccount(): Promise<void> {
  await apiRequest<{ ok: true }>(ACCOUNT_PATHS.myProfile, { method: "DELETE" });
}

/** POST /api/accounts/sign-out-everywhere: every session of the user ends, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest<{ ok: true }>(ACCOUNT_PATHS.signOutEverywhere, { method: "POST", json: {} });
}
