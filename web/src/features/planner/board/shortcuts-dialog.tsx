import { Dialog } from '../../../components/dialog';
import { SHORTCUTS } from './use-board-shortcuts';

export interface ShortcutsDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function ShortcutsDialog({ isOpen, onOpenChange }: ShortcutsDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title="Board shortcuts">
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>Keys</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap text-slate-800">
                {s.keys}
              </td>
              <td className="py-1.5 text-slate-700">{s.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
