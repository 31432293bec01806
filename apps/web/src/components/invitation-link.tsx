// A technician's one-time invitation link with a Copy button, shown when the server could not
// e-mail it (no SMTP configured), so the admin can pass it on another way.
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

const COPIED_MS = 2_000;

export function InvitationLink({ link, className }: { link: string; className?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for a manual copy.
      input.current?.select();
      setCopy('failed');
    }
  }

  return (
    <div className={className}>
      <Label htmlFor={id}>Invitation link</Label>
      <div className="mt-2 flex gap-2">
        <Input
          ref={input}
          id={id}
          value={link}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={`${id}-note`}
          className="min-w-0 flex-1 font-mono text-xs sm:text-xs"
        />
        <Button
          variant="outline"
          onClick={() => void copyLink()}
          // Names what is copied; once copied the visible 'Copied' is the name.
          aria-label={copy === 'copied' ? undefined : 'Copy invitation link'}
        >
          {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p id={`${id}-note`} aria-live="polite" className="mt-2 text-xs text-muted-foreground">
        {copy === 'copied'
          ? 'Link copied to the clipboard.'
          : copy === 'failed'
            ? 'Copying is not available here: the link is selected, copy it with your keyboard.'
            : 'E-mail is not set up, so send this one-time link yourself. It works once, for 7 days.'}
      </p>
    </div>
  );
}
