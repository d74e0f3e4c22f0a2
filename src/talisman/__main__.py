"""``python -m talisman``: the same command line as ``talisman`` (:mod:`talisman.cli`)."""
from talisman.cli import main

if __name__ == "__main__":
    main()
