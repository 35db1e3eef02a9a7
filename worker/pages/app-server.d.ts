// The app's server side (web/src/entry.server.tsx), as the Worker's type check sees it: the
// contract in @shared/app-server, not the app's browser code. Vite and Vitest resolve the alias.
declare module "@app/server" {
  export const appServer: import("@shared/app-server").AppServer;
}
