// What `import … from 'zod/mini'` means in the browser build (see ./zod-forms-copy.ts): zod/mini,
// told not to probe for eval, which our CSP forbids. zod 4 probes `new Function('')` when an
// object schema is built; every module that builds one imports this first, so the setting comes
// before any schema. Jitless parsing is slower; a form never notices.
import { config } from 'zod/mini';

config({ jitless: true });

export * from 'zod/mini';
