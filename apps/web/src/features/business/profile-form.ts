// The profile's edit form as its cards take it: values as typed (each area's ZIP codes one text)
// and what a save sends once the shared schema has parsed them.
import type {
  BusinessProfileFormValues,
  BusinessProfileInput,
} from '@pitstop/shared/business/profile';
import type { Control } from 'react-hook-form';

export type ProfileFormControl = Control<BusinessProfileFormValues, unknown, BusinessProfileInput>;
