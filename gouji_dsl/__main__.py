import sys

from gouji_dsl.cli import main

sys.exit(main())
