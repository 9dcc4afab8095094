/**
 * The app's Content-Security-Policy forbids eval. zod otherwise probes for it with `new Function("")` on its
 * first parse, which the browser reports as a CSP violation; `jitless` makes it skip the probe (and the
 * compiled fast path it would enable). zod keeps its settings in `globalThis.__zod_globalConfig`, shared by
 * every zod module (zod, zod/mini), so setting it here costs no bytes of zod on the home page, whether zod loads
 * before or after this module. zod-without-eval.test.ts checks that zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
