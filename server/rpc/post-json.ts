import http from "node:http";
import https from "node:https";

/**
 * POST a JSON body and parse the JSON answer, over keep-alive connections. Node's fetch was about seven
 * times slower for this many small requests (bench/rpc-proxy.bench.ts), so the proxy uses node:http.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export function postJson(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const protocol = target.protocol === "https:" ? "https:" : "http:";
    const payload = Buffer.from(JSON.stringify(body));
    const request = (protocol === "https:" ? https : http).request(
      target,
      {
        method: "POST",
        agent: agents[protocol],
        headers: { "content-type": "application/json", accept: "application/json", "content-length": payload.length },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error("answered with more than 32 MiB"));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) return reject(new Error(`HTTP ${status}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch {
            reject(new Error("answered with something other than JSON"));
          }
        });
        response.on("error", reject);
      },
    );
    // The timeout covers the whole exchange, not only idle time between packets.
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(payload);
  });
}
