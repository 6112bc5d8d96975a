// express and compression ship no type declarations and @types/* for them is not installed:
// this is the little of their API the server uses.
declare module "express" {
  import type http from "node:http";

  export interface Request extends http.IncomingMessage {
    method: string;
    url: string;
    path: string;
    originalUrl: string;
    protocol: string;
    hostname: string;
    /** The client's address as the `trust proxy` setting resolves it. */
    ip: string | undefined;
    get(name: string): string | undefined;
  }
  export interface Response extends http.ServerResponse {
    locals: Record<string, unknown>;
    status(code: number): this;
    type(type: string): this;
    send(body: string | Buffer): this;
  }
  export type NextFunction = (error?: unknown) => void;
  export type Handler = (req: Request, res: Response, next: NextFunction) => void;
  export type ErrorHandler = (error: unknown, req: Request, res: Response, next: NextFunction) => void;

  export interface Application extends http.RequestListener {
    use(...handlers: Array<string | Handler | ErrorHandler>): this;
    all(path: string, handler: Handler): this;
    set(setting: string, value: unknown): this;
    disable(setting: string): this;
    listen(port: number, host: string, callback?: () => void): http.Server;
    listen(port: number, callback?: () => void): http.Server;
  }

  export interface StaticOptions {
    maxAge?: string | number;
    immutable?: boolean;
    setHeaders?: (res: http.ServerResponse, file: string) => void;
  }

  interface Express {
    (): Application;
    static(root: string, options?: StaticOptions): Handler;
  }
  const express: Express;
  export default express;
}

declare module "compression" {
  import type { Handler } from "express";
  export default function compression(): Handler;
}
