"""The one build step pyproject.toml cannot say: the reference pages (docs/*.md) and README.md travel in
the wheel as ``equity/docs/``, where ``equity help TOPIC`` reads them (equity/cli/help.py). They stay at
the repository's root, where the tests run their transcripts; an editable install reads them there.
Everything else about the package is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPy(build_py):
    """``build_py``, then the pages copied into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "equity" / "docs"
        for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
            self.mkpath(str(target))
            self.copy_file(str(page), str(target / page.name))


setup(cmdclass={"build_py": BuildPy})
