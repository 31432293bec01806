// Imported first by main.tsx, before any module builds a schema: zod 4 probes `new Function('')`
// when an object schema is built, which our CSP (script-src 'self', no 'unsafe-eval') reports as
// a violation. Jitless parsing skips the probe; the cost is a slower parse we never notice.
// zod/mini shares its core (and this setting) with full zod, and keeps full zod off pages
// without forms.
import { config } from 'zod/mini';

config({ jitless: true });
