import {
  changePasswordSchema,
  checkUsernameQuerySchema,
  forgotPasswordSchema,
  guestSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailQuerySchema,
  verifyHumanSchema,
} from "@heartline/shared";
import { z } from "zod";

/** One image in the multipart field `file` (docs/features/uploads.md). */
const imageUpload = z.object({
  file: z.string().describe("The picture: JPEG, PNG, GIF or WebP by its bytes, at most 5 MiB"),
});

/**
 * What the routes that parse their input in the handler (with these same shared zod schemas, for
 * their own error texts and order of checks) take, for the OpenAPI document only: Fastify does not
 * validate with them. Keyed by `METHOD url` as the route is registered.
 */
export const HANDLER_PARSED_SCHEMAS: Readonly<
  Record<string, { body?: z.ZodType; querystring?: z.ZodType; consumes?: string[] }>
> = {
  "POST /api/verify-recaptcha": { body: verifyHumanSchema },
  "POST /api/accounts/guest": { body: guestSchema },
  "POST /api/accounts/sign-in": { body: signInSchema },
  "POST /api/accounts/sign-up": { body: signUpSchema },
  "GET /api/accounts/verify-email": { querystring: verifyEmailQuerySchema },
  "POST /api/accounts/forgot-password": { body: forgotPasswordSchema },
  "POST /api/accounts/reset-password": { body: resetPasswordSchema },
  "POST /api/accounts/change-password": { body: changePasswordSchema },
  "GET /api/users/check-username": { querystring: checkUsernameQuerySchema },
  "PATCH /api/users/me": { body: profileUpdateSchema },
  "POST /api/users/me/avatar": { body: imageUpload, consumes: ["multipart/form-data"] },
  "POST /api/users/me/banner": { body: imageUpload, consumes: ["multipart/form-data"] },
  "POST /api/group/images": { body: imageUpload, consumes: ["multipart/form-data"] },
  "POST /api/dm/images": { body: imageUpload, consumes: ["multipart/form-data"] },
};
