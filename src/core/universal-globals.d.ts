/**
 * The WHATWG URL API, a global of every runtime the core runs in (browsers, workers, Node, Deno, Bun), which
 * TypeScript declares only in its DOM library. The core's compilation (src/core/tsconfig.json) leaves the DOM and
 * Node's types out so that window, document, storage, process or Buffer do not compile here; this file gives it
 * back just URL and URLSearchParams (the members of lib.dom.d.ts, without the DOM-only object URLs). The
 * repository's compilation (tsconfig.json) excludes this file and uses the DOM's own declarations.
 */

interface URLSearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: unknown): void;
}

declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  toString(): string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toJSON(): string;
}

declare var URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
  canParse(url: string | URL, base?: string | URL): boolean;
  parse(url: string | URL, base?: string | URL): URL | null;
};
