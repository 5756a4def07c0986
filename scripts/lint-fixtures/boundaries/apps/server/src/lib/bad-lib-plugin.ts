import { connect } from "../plugins/redis"; // VIOLATION no-lower-layer-imports-plugin

export const lib = connect;
