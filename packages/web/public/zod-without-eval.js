// The app's Content-Security-Policy allows no eval. zod probes `new Function` as it builds its first object schema
// (the browser reports the refused probe as a policy violation, though zod catches it) unless its global
// configuration says `jitless` before zod loads; this classic script runs before the app's modules.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
