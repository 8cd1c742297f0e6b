"""`python -m gmscreen` is the `gmscreen` command."""

import sys

from gmscreen.cli import main

sys.exit(main())
