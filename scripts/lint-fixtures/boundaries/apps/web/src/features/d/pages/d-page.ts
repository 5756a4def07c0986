export const DPage = "d-page";
