/** The random-chat feature's public entry; the chat page loads lazily through the router. */
export { LazyLeaveChatGuard } from "./components/lazy-leave-chat-guard";
