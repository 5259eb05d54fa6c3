import { useState, type FormEvent } from 'react';
import { ZSchemaName } from '@stratum/core/contract/database/identifier';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { useCreateSchema } from './api/create-schema';
import { useDropSchema } from './api/drop-schema';

export interface SchemaPanelProps {
  isConnected: boolean;
}

/** Create or drop a schema by name; dropping asks for the name again. */
export function SchemaPanel({ isConnected }: SchemaPanelProps) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [confirm, setConfirm] = useState('');
  const [isCascade, setIsCascade] = useState(false);
  const [isDropping, setIsDropping] = useState(false);
  const create = useCreateSchema();
  const drop = useDropSchema();
  const failed = [create, drop].find((m) => m.isError)?.error;
  const done = create.data?.message ?? drop.data?.message;

  const validName = () => {
    const parsed = ZSchemaName.safeParse(name);
    setNameError(parsed.error?.issues[0]?.message);
    return parsed.success;
  };
  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validName()) return;
    drop.reset();
    create.mutate({ name });
  };

  return (
    <Panel title="Schemas">
      <form noValidate onSubmit={handleCreate} aria-label="Schema" className="space-y-3">
        <TextField
          label="Schema name"
          hint="Any name up to 63 bytes; it is quoted exactly as typed."
          value={name}
          error={nameError}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="secondary"
            disabled={!isConnected}
            isLoading={create.isPending}
          >
            Create schema
          </Button>
          <Button
            type="button"
            variant="danger"
            disabled={!isConnected}
            onClick={() => {
              if (!validName()) return;
              setConfirm('');
              setIsDropping(true);
            }}
          >
            Drop schema…
          </Button>
        </div>
        {failed && (
          <FormMessage>
            {isApiError(failed) ? failed.message : 'The server could not be reached.'}
          </FormMessage>
        )}
        {done && !failed && <FormMessage tone="info">{done}</FormMessage>}
      </form>
      <ConfirmDialog
        isOpen={isDropping}
        onOpenChange={setIsDropping}
        title={`Drop schema ${name}?`}
        description={
          <div className="space-y-3">
            <p>This cannot be undone. Type the schema name to confirm.</p>
            <TextField
              label="Schema name again"
              value={confirm}
              autoComplete="off"
              onChange={(e) => setConfirm(e.target.value)}
            />
            <CheckboxField
              label="Also drop everything in it (CASCADE)"
              checked={isCascade}
              onChange={(e) => setIsCascade(e.target.checked)}
            />
          </div>
        }
        confirmLabel="Drop schema"
        isDanger
        isBusy={drop.isPending}
        onConfirm={() => {
          if (confirm !== name) return;
          create.reset();
          drop.mutate({ name, confirm, isCascade }, { onSettled: () => setIsDropping(false) });
        }}
      />
    </Panel>
  );
}
