export const d = "d";
