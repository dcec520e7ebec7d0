"""`python -m service.cli`: the console script."""

from service.cli.console import main

if __name__ == "__main__":  # importing the package's modules (a walk over them) runs nothing
    main()
