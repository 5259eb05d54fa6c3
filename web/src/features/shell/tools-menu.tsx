import { ChevronDown, Wrench } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/menu';
import { TOOLS } from '../../lib/pages';

export function ToolsMenu() {
  const navigate = useNavigate();
  return (
    <Menu>
      <MenuTrigger className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        <Wrench className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Tools</span>
        <span className="sr-only sm:hidden">Tools</span>
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </MenuTrigger>
      <MenuContent align="end">
        {TOOLS.map((tool) => (
          <MenuItem key={tool.slug} onSelect={() => void navigate(`/tools/${tool.slug}`)}>
            {tool.label}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
