export const y = "y";
