// What `import { z } from 'zod'` means in the browser build (see ./zod-forms-copy.ts): the
// forms' own copy of full zod, told not to probe for eval, which our CSP forbids.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
