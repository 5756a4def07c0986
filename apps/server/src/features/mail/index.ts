/** The product's e-mails (templates) and the dev outbox page; transports are infrastructure (`src/mail`). */
export { createDevOutbox } from "./dev-outbox";
export type { DevOutboxDeps } from "./dev-outbox.routes";
export { type AccountMailInput, passwordResetMail, verificationMail } from "./templates";
