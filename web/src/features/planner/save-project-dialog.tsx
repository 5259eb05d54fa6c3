import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { plannerPathFor } from '../../lib/api/projects';
import { useCreateProject } from './api/create-project';
import { plannerStore } from './planner-store';
import { adoptProject } from './project-sync';

export interface SaveProjectDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Why saving is needed now (generation, deployment…). */
  reason?: string;
}

/** Saves the plan in this browser as a project on the server; from then on it autosaves. */
export function SaveProjectDialog({ isOpen, onOpenChange, reason }: SaveProjectDialogProps) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const archName = plannerStore.getState().plan.architectureConfig.name;
  const [name, setName] = useState(archName === 'my-architecture' ? '' : archName);
  const [error, setError] = useState<{ message: string; isLimit: boolean } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    if (name.trim() === '') return setError({ message: 'Enter a project name', isLimit: false });
    setIsSaving(true);
    setError(null);
    try {
      const { plan } = plannerStore.getState();
      const named =
        plan.architectureConfig.name === 'my-architecture'
          ? { ...plan, architectureConfig: { ...plan.architectureConfig, name: name.trim() } }
          : plan;
      if (named !== plan) plannerStore.update(() => named);
      const project = await create.mutateAsync({ name: name.trim(), state: named });
      adoptProject(project);
      toast.success(`Saved as “${project.name}”`);
      onOpenChange(false);
      void navigate(plannerPathFor(project.id), { replace: true });
    } catch (e) {
      setError({
        message: e instanceof Error ? e.message : String(e),
        isLimit: isApiError(e, 'planner/project_limit'),
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Save as a project"
      description={
        reason ??
        'Projects live on the server: they autosave, keep version snapshots, and can be generated and deployed.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button isLoading={isSaving} onClick={() => void save()}>
            Save project
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="space-y-3"
      >
        <TextField
          label="Project name"
          value={name}
          maxLength={100}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <FormMessage tone="error">
            {error.message}{' '}
            {error.isLimit && (
              <Link to="/subscription" className="font-medium underline">
                See plans
              </Link>
            )}
          </FormMessage>
        )}
      </form>
    </Dialog>
  );
}
