/** The part of jsdom the server renderer uses (server.tsx): the package ships no types of its own. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window;
  }
}
