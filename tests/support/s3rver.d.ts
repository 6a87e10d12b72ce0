// The part of s3rver (a local S3-compatible server, devDependency) the tests use; it ships no types.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list (s3rver is a Koa app), composed when run() starts listening. */
    middleware: ((context: { method: string; path: string; get(header: string): string }, next: () => Promise<void>) => Promise<void>)[];
  }
}
