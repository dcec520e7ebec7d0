"""`python -m service.cli`: the console script."""

from service.cli.console import main

main()
