import { describe, expect, it } from 'vitest';
import { adminSetupFormSchema } from './auth/forms.ts';
import { hasControlCharacters, PERSON_NAME_MAX_LENGTH } from './text.ts';
import { createUserSchema, updateUserSchema } from './users/forms.ts';

describe('hasControlCharacters', () => {
  it('finds NUL and the other control characters, but not tabs or line breaks', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001fy', '\u007f']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'plain', 'tab\tline\nreturn\r\n', 'Ünïcödé ✓']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('a person’s name', () => {
  it('has one length limit in every form that takes it', () => {
    const base = { email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' };
    const fits = 'x'.repeat(PERSON_NAME_MAX_LENGTH);
    const tooLong = `${fits}x`;
    expect(adminSetupFormSchema.safeParse({ ...base, name: fits }).success).toBe(true);
    expect(adminSetupFormSchema.safeParse({ ...base, name: tooLong }).success).toBe(false);
    const user = { ...base, role: 'customer' };
    expect(createUserSchema.safeParse({ ...user, name: fits }).success).toBe(true);
    expect(createUserSchema.safeParse({ ...user, name: tooLong }).success).toBe(false);
    expect(updateUserSchema.safeParse({ name: tooLong }).success).toBe(false);
  });
});
