export const b = "b";
