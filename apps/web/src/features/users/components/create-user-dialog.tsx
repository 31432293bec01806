// The Create User dialog: name, e-mail, password, role and an optional phone. On success it says so
// and closes itself after 1.5 s.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { PASSWORD_MIN_LENGTH } from '@pitstop/shared/auth/forms';
import { ROLES } from '@pitstop/shared/roles';
import { createUserSchema } from '@pitstop/shared/users/forms';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useAfterDelay } from '../../../lib/use-after-delay.ts';
import { useCreateUser } from '../api.ts';
import { roleLabel } from '../../../lib/role-labels.ts';
import {
  CREATE_DIALOG_CLOSE_DELAY_MS,
  createErrorMessage,
  USER_MESSAGES,
} from '../user-messages.ts';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';

const FIELDS = ['name', 'email', 'password', 'role', 'phone'] as const;

export interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateUserDialog({ open, onOpenChange }: CreateUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>
            The new user signs in with this e-mail and password. Choose the role carefully: it can
            only be set now.
          </DialogDescription>
        </DialogHeader>
        {/* Rendered only while open, so every opening starts with an empty form. */}
        <CreateUserForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const createUser = useCreateUser();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isCreated = outcome?.tone === 'success';
  const form = useForm({
    resolver: standardSchemaResolver(createUserSchema),
    defaultValues: { name: '', email: '', password: '', role: 'customer', phone: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  useAfterDelay(isCreated, CREATE_DIALOG_CLOSE_DELAY_MS, onDone);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await createUser.mutateAsync(values);
      setOutcome({ tone: 'success', message: USER_MESSAGES.created });
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({ tone: 'error', message: createErrorMessage(error) });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={createUser.isPending || isCreated} className="grid gap-4 sm:grid-cols-2">
        <FormField id="create-user-name" label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField id="create-user-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              spellCheck={false}
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          id="create-user-password"
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <FormField
          id="create-user-phone"
          label="Phone"
          labelNote="Optional"
          error={errors.phone?.message}
        >
          {(control) => (
            <FormPhoneInput
              {...control}
              formControl={form.control}
              name="phone"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          id="create-user-role"
          label="Role"
          error={errors.role?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((role) => (
                      <SelectItem key={role} value={role}>
                        {roleLabel(role)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
      </fieldset>

      <FormMessage outcome={outcome} />

      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">{isCreated ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || isCreated}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Creating…' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
