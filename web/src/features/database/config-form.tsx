import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ZDatabaseConfigBody,
  type TDatabaseConfigView,
} from '@stratum/core/contract/database/database-config';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useSaveDatabaseConfig } from './api/save-database-config';

const portMessage = 'Enter a port from 1 to 65535';
const timeoutMessage = 'Enter 500 to 30000 milliseconds';

/** The contract's body; numbers come from text inputs, so they get readable messages. */
const ZConfigForm = ZDatabaseConfigBody.extend({
  port: z
    .number({ error: portMessage })
    .int(portMessage)
    .min(1, portMessage)
    .max(65535, portMessage),
  connectionTimeout: z
    .number({ error: timeoutMessage })
    .int(timeoutMessage)
    .min(500, timeoutMessage)
    .max(30_000, timeoutMessage),
  password: z.string().max(1024),
  ssl: z.boolean(),
});
type TConfigForm = z.infer<typeof ZConfigForm>;

export interface ConfigFormProps {
  config: TDatabaseConfigView | null;
}

/** §3 Database config. The password is write-only: blank keeps the saved one. */
export function ConfigForm({ config }: ConfigFormProps) {
  const save = useSaveDatabaseConfig();
  const form = useForm<TConfigForm, unknown, TConfigForm>({
    resolver: zodResolver(ZConfigForm),
    defaultValues: {
      server: config?.server ?? '',
      port: config?.port ?? 5432,
      database: config?.database ?? '',
      user: config?.user ?? '',
      password: '',
      ssl: config?.ssl ?? false,
      connectionTimeout: config?.connectionTimeout ?? 5000,
    },
  });
  const { errors } = form.formState;
  const handleSave = form.handleSubmit((values) => {
    const { password, ...rest } = values;
    save.mutate(password ? { ...rest, password } : rest, {
      onSuccess: () => form.resetField('password'),
    });
  });

  return (
    <Panel title="Connection settings">
      <form
        noValidate
        aria-label="Database connection settings"
        onSubmit={(event) => void handleSave(event)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          label="Server"
          className="sm:col-span-2"
          placeholder="db.example.com"
          autoComplete="off"
          error={errors.server?.message}
          {...form.register('server')}
        />
        <TextField
          label="Port"
          inputMode="numeric"
          error={errors.port?.message}
          {...form.register('port', { valueAsNumber: true })}
        />
        <TextField
          label="Database"
          autoComplete="off"
          error={errors.database?.message}
          {...form.register('database')}
        />
        <TextField
          label="User"
          autoComplete="off"
          error={errors.user?.message}
          {...form.register('user')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder={config?.hasPassword ? 'Saved — leave blank to keep' : ''}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Connection timeout (ms)"
          inputMode="numeric"
          error={errors.connectionTimeout?.message}
          {...form.register('connectionTimeout', { valueAsNumber: true })}
        />
        <CheckboxField
          label="Use SSL (verifies the certificate)"
          className="self-center"
          {...form.register('ssl')}
        />
        <div className="sm:col-span-2">
          {save.isError && (
            <FormMessage>
              {isApiError(save.error) ? save.error.message : 'The settings could not be saved.'}
            </FormMessage>
          )}
          <Button type="submit" isLoading={save.isPending}>
            Save settings
          </Button>
          <p className="mt-2 text-xs text-slate-600">
            Saving disconnects; connect again to use the new settings. The password is stored
            encrypted and never shown again.
            {config &&
              ` Last saved ${formatDateTime(config.updatedAt)} by ${config.updatedBy ?? '—'}.`}
          </p>
        </div>
      </form>
    </Panel>
  );
}
