import { Save } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { SaveProjectDialog } from './save-project-dialog';

export interface SaveFirstProps {
  title: string;
  text: string;
}

/** A step that needs a saved project says so, and saves it on the spot. */
export function SaveFirst({ title, text }: SaveFirstProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <Save className="mx-auto size-8 text-brand-600" aria-hidden="true" />
      <h3 className="mt-3 text-base font-semibold text-slate-900">{title}</h3>
      <p className="mx-auto mt-1 max-w-lg text-sm text-slate-700">{text}</p>
      <Button className="mt-4" onClick={() => setIsOpen(true)}>
        Save as project
      </Button>
      {isOpen && <SaveProjectDialog isOpen onOpenChange={setIsOpen} reason={text} />}
    </div>
  );
}
